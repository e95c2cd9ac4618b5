/**
 * The message catalogue of the specification (section 8 of both documents and the
 * screen texts that act as messages). Spelled exactly as the spec spells them,
 * typos included: these strings are the contract with users and tests alike.
 */
export const messages = {
  loginUnauthorized: 'Unauthorized access, please check your credentials',
  somethingWentWrong: 'Something went wrong, please try again later',
  somethingWentWrongUpload: 'Something went wrong, please try again later.',
  tooManyRequestsAtOnce: 'Too many requests at once, please try again in a moment',
  recoveryCodeSent: 'A verification code has been sent to your email',
  passwordReset: 'Password succesfully reseted!',
  passwordUpdated: 'Password succesfully updated!',
  cantProcess: "Can't process this request!",
  propertyConflict: 'Cannot display value because there is a conflict, please contact support',

  recordSaved: 'Record saved',
  recordUpdated: 'Record updated',
  recordDeleted: 'Record has been deleted',
  userSaved: 'User record saved',
  userUpdated: 'User record updated',
  userDeleted: 'User record has been deleted',
  asnSaved: 'Asn record saved',
  asnExported: 'ASN exported successfully!',
  invoiceExported: 'Invoice has been successfully exported.',
  orderExported: 'The order has been exported',
  pricelistNameSaved: 'Pricelist name has been saved',
  pricelistModified: 'Pricelist modified.',
  taxCodesUpdated: 'Tax Codes have been updated.',
  propertySaved: 'Property has been saved.',
  productUpdated: 'Product updated',
  uomMappingSaved: 'UOM mapping saved',
  identityAssumed: 'Identity assumed.',
  propertyAdded: 'Property added.',
  propertyModified: 'Property modified.',

  /** Not in the spec: "Stop assuming" needs its own word, not 'Identity assumed.'. */
  identityReleased: 'Stopped assuming a role; back to your own view.',
  /** Not in the spec: offline, an account's queued changes leave the drawer usable and say so. */
  accountChangesWaiting: 'Changes of this account are waiting to be sent',
  /** Not in the spec: extraction templates are checked by the server, so they are edited online only. */
  templatesNeedConnection: 'Extraction templates can be edited only while online',
  templateSaved: 'Extraction template saved',
  templateDeleted: 'Extraction template deleted',
  templateDeleteConfirm: 'Selected template is going to be permanently deleted; a shipped template of the same name comes back.',
  /** Not in the spec: a secret is never queued in the browser, so a new EDI password needs the connection. */
  ediPasswordOnlineOnly: 'A new password can be sent only while online, once this account has no changes waiting.',
  /** Not in the spec: the UOM Mapping tab opened offline before the standard units were ever fetched. */
  standardUnitsNotLoaded: 'The standard units of measure have not been loaded yet; they will be shown once the connection returns.',
  /** Not in the spec: cXML inbound (the account drawer's card and log, and an order line outside the catalogue). */
  cxmlCredentialOffline: 'The cXML credential is read from and saved to the server: connect to see or change it.',
  cxmlCredentialUnreadable: 'The cXML credential could not be read from the server.',
  cxmlSecretSet: 'A shared secret is set. Leave blank to keep it, or type a new one to replace it.',
  cxmlSecretNotSet: 'No shared secret is set: the organisation cannot send cXML documents.',
  cxmlSecretCleared: 'The shared secret will be removed when you save.',
  cxmlIdentityIncomplete: 'Each identity needs a domain and an identity',
  cxmlLogOffline: 'The request log is read from the server: connect to see it.',
  cxmlLogUnreadable: 'The request log could not be read from the server.',
  cxmlLogEmpty: 'No cXML requests yet',
  freeTextLine: 'Not in the catalogue',
  productNotLoaded: 'This product is not on this device and could not be loaded: check the connection and open it again.',

  assumeRoleForOrders:
    'Please, assume a role of either seller or buyer to see orders from their perspective!',
  assumeRoleForCatalogue: 'Please, assume a role of either seller or buyer to see a catalogue from their perspective!',
  noResults: 'No results',
  unknownOrder: 'Unknown Order',
  noData: 'No Data!',
  termsCheckbox: 'I have read and accept the Terms of Use',

  asnSubmitConfirm: 'ASN is going to be submitted. After submitting you cannot edit it.',
  /** Not in the spec: the title of a form's error summary at its submit button (issue 27). */
  errorSummaryTitle: (n: number) => (n === 1 ? 'There is 1 error to correct' : `There are ${n} errors to correct`),
  userDeleteConfirm: 'Selected user is going to be permanently deleted.',
  accountDeleteConfirm: 'Selected account is going to be permanently deleted.',

  templateGenerateFailed: "Cound't generate file, please try later",
  uploadUrlFailed: "Cound't upload file, please try later",
  catalogueExportFailed: "Cound't export catalogue, please try later",
  catalogueExportQueued: 'Export added to the queue.',
  uploadFailed: "Something's wrong!",
  validationErrorsDetected: 'Validation Errors detected!',
  validationErrorsClick: 'Validation errors detected, click for details.',
  documentExtractionError: 'Document extraction error.',
  extractionError: 'Extraction Error',
  documentWithExtractionProblems: 'Document with extraction problems',
  noNumberDetected: 'No Number detected',
  informationNotProvided: 'Information is not provided',
  reExtractNoDocument: 'This invoice has no stored document to read again.',
  reExtractExported: 'An exported invoice is not extracted again.',
  reExtractNeedsConnection: 'Re-running extraction needs a connection to the server.',
} as const;


/** Messages with a placeholder, built by function so the wording stays in one place. */
export const formatMessage = {
  pricelistMapped: (name: string, n: number) => `Pricelist ${name} mapped with ${n} accounts`,
  accountCodeUpdated: (name: string) => `Account Code for ${name} has been updated`,
  propertyDeleteConfirm: (name: string) => `Property ${name} is going to be permanently deleted.`,
  catalogueTitle: (supplierName: string) => `Catalogue of ${supplierName}`,
  productDrawerTitle: (code: string) => `Product Code: ${code}`,
  pageOf: (x: number, y: number) => `Page ${x} of ${y}`,
  // The invoice intake (issue 29): the spec gives no wording for these.
  senderNotAuthenticated: (sender: string) => `Sender ${sender} matches a sender source but failed DKIM and SPF checks`,
  invoiceUploadDuplicate: (fileName: string) => `${fileName} was already uploaded`,
  reExtracted: (number: string | null) => (number ? `Extraction re-run: invoice ${number} read.` : 'Extraction re-run: still no invoice document could be read.'),
} as const;

/** Field-level validation texts. The spec gives rules but no wording for these. */
export const fieldErrors = {
  required: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  invalidEmail: (field: string) => `${field} must be a valid email address`,
  invalidEmailList: (field: string) => `${field} must be a comma-separated list of email addresses`,
  notInteger: (field: string) => `${field} must be an integer with no decimals`,
  uomMappingEmpty: 'At least one unit of measure must be mapped',
  notPermittedProperty: (name: string) => `Property ${name} cannot be changed by this organisation`,
  ownUserDelete: 'You cannot delete your own user',
  usernameTaken: 'A user with this email already exists',
  ediDocTypeTaken: (docType: string) => `An EDI export setting for ${docType} already exists`,
  propertyExists: (name: string) => `Property ${name} already exists`,
  accountKeyInvalid: 'Unique key must be 12 capital letters or digits',
  accountKeyTaken: 'An account with this unique key already exists',
  unknownUom: (unit: string) => `${unit} is not a standard unit of measure`,
  passwordsDiffer: 'New password and repeat password must be equal',
  passwordTooWeak: 'Password strength must be at least Good',
  humanCheck: 'Please confirm you are human',
  humanCheckReused: 'This human check was already used, please verify again',
  recoveryCodeInvalid: 'The verification code is invalid or has expired',
  oldPasswordWrong: 'The old password is not correct',
  tooManyAttempts: 'Too many attempts, please try again later',
  unsafeText: 'must not contain control characters or unpaired surrogates',
  templateNotJson: (detail: string) => `Template is not valid JSON: ${detail}`,
  templateInvalid: (path: string, detail: string) => `Template ${path}: ${detail}`,
  templatePattern: (path: string, detail: string) => `Template ${path} is not a usable pattern: ${detail}`,
  templateFieldGroup: (field: string) => `Template fields.${field} needs a group that captures the value`,
  templateLineGroups: (missing: string) => `Template lines.line needs the named groups ${missing}`,
  templateLineGroupUnknown: (name: string) => `Template lines.line names an unknown column ${name}`,
  templateRequiredField: (field: string) => `Template fields.${field} is required`,
  templateNameTaken: (name: string) => `A template named ${name} already exists for this supplier`,
} as const;

/**
 * A rule error tied to the form field it is about, so a form (or a client storing a
 * server's refusal) can show it there. `field` is the form's own field id.
 */
export interface FieldIssue<Field extends string = string> {
  field: Field;
  message: string;
}

/** The plain texts of field issues, in order: what an `{errors: string[]}` answer carries. */
export const issueTexts = (issues: readonly FieldIssue[]): string[] => issues.map((issue) => issue.message);

/**
 * The generic error toast of the spec: the joined errors list or Message from the
 * response, else the error message, else "Can't process this request!".
 */
export function errorToastText(body: unknown, error?: { message?: string } | null): string {
  if (body && typeof body === 'object') {
    const b = body as { errors?: unknown; Message?: unknown };
    if (Array.isArray(b.errors) && b.errors.length > 0) return b.errors.map(String).join(', ');
    if (typeof b.Message === 'string' && b.Message) return b.Message;
  }
  if (error?.message) return error.message;
  return messages.cantProcess;
}
