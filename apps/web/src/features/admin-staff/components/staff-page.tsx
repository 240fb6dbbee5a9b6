import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  LANGS,
  STAFF_ROLES,
  type Lang,
  type StaffMemberDto,
  type StaffRole,
} from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/filter-fields';
import { FieldError, StaffTextFields, useTextFields } from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { refusedFields } from '@/lib/refused-fields';
import '@/components/ui/admin-people.css';
import { useStaff } from '../api/get-staff';
import { useInviteStaff } from '../api/invite-staff';
import { useUpdateStaff } from '../api/update-staff';
import { StaffAlert } from '@/components/ui/staff-alert';
import { StaffForm } from '@/components/ui/staff-form';
import { StaffSection } from '@/components/ui/staff-section';
import { SecondaryButton } from '@/components/ui/buttons';
import { ScrollTable } from '@/components/ui/labelled-table';
import { useDates } from '@/lib/dates';

const INVITE_FIELDS = [
  { name: 'email', label: 'email', type: 'email', maxLength: 254, autoComplete: 'off' },
  { name: 'name', label: 'name', maxLength: 200 },
] as const;
/** The invitation's fields a refusal may name (the roles have no text field). */
const INVITE_REFUSABLE = ['email', 'name', 'roles'] as const;

/** The invitation form: e-mail, name, language of the mail, roles. */
function InviteForm() {
  const { t } = useTranslation(['admin-people', 'staff']);
  const invite = useInviteStaff();
  const errorMessage = useErrorMessage();
  const form = useTextFields({ email: '', name: '' });
  const { base, errors } = form;
  const [lang, setLang] = useState<Lang>('en');
  const [roles, setRoles] = useState<StaffRole[]>([]);

  const submit = () => {
    form.setErrors({});
    const { email } = form.values;
    invite.mutate(
      { ...form.values, roles, lang },
      {
        onSuccess: () => {
          toast.success(t('staff.invited', { email }));
          form.reset();
          setRoles([]);
        },
        onError: (error) => {
          const named = refusedFields(error, INVITE_REFUSABLE, (field, refusal) =>
            refusal.reason ? errorMessage(refusal) : t(`staff.errors.${field}`),
          );
          if (named) form.setErrors(named);
          else toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <StaffForm
      id={base}
      title={t('staff.inviteTitle')}
      onSubmit={submit}
      pending={invite.isPending}
      submitLabel={invite.isPending ? t('staff.inviting') : t('staff.invite')}
    >
      <StaffTextFields form={form} fields={INVITE_FIELDS} text={(key) => t(`staff.${key}`)} />
      <SelectField
        id={`${base}-lang`}
        className="admin-people__field"
        label={t('staff.lang')}
        value={lang}
        onChange={setLang}
        options={LANGS.map((l) => ({ value: l, label: t(`staff.langs.${l}`) }))}
      />
      <fieldset aria-describedby={errors.roles ? `${base}-roles-error` : undefined}>
        <legend>{t('staff.roles')}</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="admin-people__check">
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(e) =>
                setRoles((now) =>
                  e.target.checked ? [...now, role] : now.filter((r) => r !== role),
                )
              }
            />{' '}
            {t(`staff:roles.${role}`)}
          </label>
        ))}
        <FieldError id={`${base}-roles`} error={errors.roles} />
      </fieldset>
    </StaffForm>
  );
}

/** One staff member's row: roles as checkboxes (saved at once), activity with a confirmed action. */
function StaffRow({ member }: { member: StaffMemberDto }) {
  const { t } = useTranslation(['admin-people', 'staff']);
  const update = useUpdateStaff();
  const dates = useDates();
  const errorMessage = useErrorMessage();
  const [confirm, confirmDialog] = useConfirm();
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const toggleRole = async (role: StaffRole, on: boolean) => {
    // Admin opens everything (staff, integrations, settings): one stray tick should not give it.
    const asked = t('staff.confirmAdmin', { email: member.email });
    if (on && role === 'admin' && !(await confirm(asked))) return;
    const roles = on ? [...member.roles, role] : member.roles.filter((r) => r !== role);
    update.mutate(
      { id: member.id, roles: STAFF_ROLES.filter((r) => roles.includes(r)) },
      { onSuccess: () => toast.success(t('staff.rolesSaved', { email: member.email })), onError },
    );
  };
  const setActive = async (active: boolean) => {
    const question = active ? 'staff.confirmReactivate' : 'staff.confirmDeactivate';
    if (!(await confirm(t(question, { email: member.email })))) return;
    update.mutate(
      { id: member.id, active },
      {
        onSuccess: () =>
          toast.success(
            t(active ? 'staff.reactivated' : 'staff.deactivated', { email: member.email }),
          ),
        onError,
      },
    );
  };

  return (
    <tr data-testid={`staff-row-${member.id}`}>
      <td data-label={t('staff.name')}>
        {member.name}
        <br />
        <small>{member.email}</small>
      </td>
      <td data-label={t('staff.roles')}>
        <fieldset className="admin-people__roles">
          <legend className="visually-hidden">{t('staff.rolesOf', { email: member.email })}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="admin-people__check">
              <input
                type="checkbox"
                checked={member.roles.includes(role)}
                disabled={update.isPending}
                onChange={(e) => toggleRole(role, e.target.checked)}
              />{' '}
              {t(`staff:roles.${role}`)}
            </label>
          ))}
        </fieldset>
      </td>
      <td data-label={t('staff.state')}>
        {member.active ? t('staff.active') : t('staff.inactive')}
        {member.password_set ? null : (
          <>
            <br />
            <small>{t('staff.passwordNotSet')}</small>
          </>
        )}
      </td>
      <td data-label={t('staff.lastSignIn')}>
        {member.last_sign_in_at ? dates.moment(member.last_sign_in_at) : '—'}
      </td>
      <td>
        <SecondaryButton disabled={update.isPending} onClick={() => void setActive(!member.active)}>
          {member.active
            ? t('staff.deactivateNamed', { email: member.email })
            : t('staff.reactivateNamed', { email: member.email })}
        </SecondaryButton>
        {confirmDialog}
      </td>
    </tr>
  );
}

/** /admin/staff (admin): the staff list, invitations, roles, deactivation. */
export function StaffPage() {
  const { t } = useTranslation(['admin-people', 'common']);
  const staff = useStaff();
  const errorMessage = useErrorMessage();
  usePageTitle(t('staff.title'));

  return (
    <StaffSection id="staff" title={t('staff.title')} className="admin-people">
      <p>{t('staff.lead')}</p>
      <InviteForm />
      {staff.isPending ? <LoadingOverlay /> : null}
      {staff.isError ? <StaffAlert>{errorMessage(staff.error)}</StaffAlert> : null}
      {staff.data ? (
        <ScrollTable
          caption={t('staff.title')}
          className="admin-people__table"
          columns={['name', 'roles', 'state', 'lastSignIn', 'actions']}
          label={(c) => t(`staff.${c}`)}
          hidden={['actions']}
        >
          {staff.data.data.map((member) => (
            <StaffRow key={member.id} member={member} />
          ))}
        </ScrollTable>
      ) : null}
    </StaffSection>
  );
}
