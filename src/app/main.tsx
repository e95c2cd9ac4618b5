// First: no schema may run before zod is told not to use eval (see the module).
import '../domain/schemas/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './router';
import { registerServiceWorker } from './service-worker/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

registerServiceWorker();
createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
);
