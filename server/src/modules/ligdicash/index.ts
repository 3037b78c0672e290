// The module's public entry (decision 0038): the LigdiCash client and its built-in simulator, shared by the
// subscriptions and the online giving (decisions 0019 and 0043). No routes of the product's API.
export { handleAfterAnswer, NotificationsInFlight, startRecheck } from './background';
export {
  confirmInvoice,
  createInvoice,
  customValue,
  isUniqueViolation,
  ProviderError,
  type ConfirmResult,
  type InvoiceInput,
  type LigdicashSettings,
} from './client';
export {
  DEMO_PENDING_TOKEN_PREFIX,
  parseForm,
  providerSettings,
  publicBase,
  SIMULATOR_OPERATORS,
  simulatorEnabled,
  simulatorRoutes,
  type MerchantCredentials,
  type PayerCheck,
  type SimulatorPurpose,
} from './simulator';
