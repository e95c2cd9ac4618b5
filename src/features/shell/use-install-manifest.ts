import { useEffect } from 'react';
import { INSTALL_MANIFESTS } from '../../domain/install-manifests';

/**
 * Links the manifest whose install shortcuts the viewer may use: 'Invoices' only for
 * those who may open invoices. Signed out (the shell gone), the page links the
 * everyone's manifest again.
 */
export function useInstallManifest(mayOpenInvoices: boolean): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    link.setAttribute('href', mayOpenInvoices ? INSTALL_MANIFESTS.withInvoices : INSTALL_MANIFESTS.everyone);
    return () => link.setAttribute('href', INSTALL_MANIFESTS.everyone);
  }, [mayOpenInvoices]);
}
