import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo/Logo';
import { Brand, Card, Heading, ProductName, Screen, Tagline } from './auth-layout.styles';

/**
 * The frame of the screens shown before the shell: login, recovery and terms, and the
 * loading screen (without a title) that the built page already holds before any script
 * runs. The frame is the same on all of them, so the page paints its largest text once.
 */
export function AuthLayout({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Screen>
      <Card>
        <Brand>
          <Logo size={40} />
          <ProductName>Procurement Portal</ProductName>
        </Brand>
        <Tagline>Automation for internal catalogues, EDI and accounts payable.</Tagline>
        {title && <Heading>{title}</Heading>}
        {children}
      </Card>
    </Screen>
  );
}
