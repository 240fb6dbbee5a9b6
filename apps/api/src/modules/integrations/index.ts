// The integrations module's door: integration tokens (a machine's bearer credential) and their routes.
export {
  isIntegrationSecret,
  resolveIntegrationToken,
  type IntegrationPrincipal,
} from './integrations.service';
export { integrationsRoutes } from './integrations.routes';
