// Public API of the platform module: settings (/admin/config) and the audit log.
export {
  getSettings,
  updateSettings,
  recordAudit,
  listAudit,
  outboxOverview,
  retryOutboxJob,
  type AuditEntry,
  type AuditInput,
  type OutboxOverview,
} from "./service.ts";
export {
  CURRENCIES,
  DEFAULT_SETTINGS,
  DEFAULT_TAX_RATES,
  SETTING_KEYS,
  settingsSchema,
  settingsFormSchema,
  settingsToFormValues,
  isValidRegion,
  type Currency,
  type Settings,
  type SettingsInput,
  type SettingKey,
  type TaxRate,
  type SearchSettings,
} from "./types.ts";
