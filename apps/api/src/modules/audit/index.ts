/** The audit module's door: other modules and workflows record staff actions through it. */
export {
  auditInsert,
  auditInsertPart,
  recordAudit,
  recordAuditBy,
  type AuditActor,
} from './audit.service';
export { auditRoutes } from './audit.routes';
