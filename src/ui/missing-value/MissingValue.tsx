import type { ReactNode } from 'react';
import { messages } from '../../domain/messages';
import { Tooltip } from '../tooltip/Tooltip';
import { VisuallyHidden } from '../page';
import { Missing } from './missing-value.styles';

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '' || value === false;

/** A value, or, when it is missing, a dash that says why (the spec's 'Information is not provided'). */
export function Value({ children }: { children?: ReactNode }) {
  if (!isEmpty(children)) return <>{children}</>;
  return (
    <Tooltip content={messages.informationNotProvided}>
      <Missing tabIndex={0} data-missing="true">
        –<VisuallyHidden>{messages.informationNotProvided}</VisuallyHidden>
      </Missing>
    </Tooltip>
  );
}
