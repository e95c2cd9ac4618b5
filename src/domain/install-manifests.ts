/**
 * The web app manifests the build writes: the one the page links from the start (its
 * install shortcuts are for everyone), and the same with an 'Invoices' shortcut, which
 * the shell links instead while the viewer may open invoices (the browser reads the
 * linked manifest when the app is installed and when it checks it for updates).
 */
export const INSTALL_MANIFESTS = {
  everyone: '/manifest.webmanifest',
  withInvoices: '/manifest-invoices.webmanifest',
} as const;
