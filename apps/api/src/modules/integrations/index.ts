// The integrations module's door: integration tokens (a machine's bearer credential). Its routes are
// registered by modules/index.ts (exporting them here would close a cycle through plugins/auth).
export {
  isIntegrationSecret,
  resolveIntegrationToken,
  revokeTokensOf,
  type IntegrationPrincipal,
} from './integrations.service';
