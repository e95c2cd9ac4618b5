import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { accountRoutes } from './accounts';
import { buyerSettingsRoutes } from './buyer-settings';
import { propertiesRoutes } from './properties';
import { uomRoutes } from './uom';
import { userRoutes } from './users';
import { sessionRoutes } from './session';
import { orderRoutes } from './orders';
import { asnRoutes } from './asn';
import { asnReceiptRoutes } from './asn-receipts';
import { syncRoutes } from './sync';
import { syncOutboxRoutes } from './sync-outbox';
import { categoryTreeRoutes } from './category-tree';
import { catalogueRoutes } from './catalogue';
import { jobRoutes } from './jobs';
import { pricelistRoutes } from './pricelists';
import { invoiceRoutes } from './invoices';
import { cxmlCredentialRoutes } from './cxml-credential';
import { extractionTemplateRoutes } from './extraction-templates';
import { invoiceMatchingRoutes } from './invoice-matching';
import { ssccRoutes } from './sscc';

/** Every route group of the API, registered under /api. Areas add their plugin here. */
export const routeGroups: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void> | void> = [
  accountRoutes,
  userRoutes,
  propertiesRoutes,
  uomRoutes,
  buyerSettingsRoutes,
  sessionRoutes,
  orderRoutes,
  asnRoutes,
  asnReceiptRoutes,
  syncRoutes,
  syncOutboxRoutes,
  jobRoutes,
  catalogueRoutes,
  pricelistRoutes,
  categoryTreeRoutes,
  invoiceRoutes,
  cxmlCredentialRoutes,
  extractionTemplateRoutes,
  invoiceMatchingRoutes,
  ssccRoutes,
];
