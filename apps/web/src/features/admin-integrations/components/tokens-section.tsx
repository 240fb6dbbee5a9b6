import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { formatWhen, SecretOnce } from './secret-once';
import { FieldError, Loaded } from './section-parts';
import { TableHead } from '@/components/ui/table-head';

/** Integration tokens: create (secret shown once), list with last use, revoke. */
export function TokensSection() {
  const { t, i18n } = useTranslation('admin-integrations');
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [confirm, confirmDialog] = useConfirm();
  const base = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<IntegrationScope[]>(['catalogue:write']);
  const [secret, setSecret] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(
      { name, scopes },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setName('');
          toast.success(t('tokens.created'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields)
            setErrors({
              name: error.fields.name ? t('tokens.errors.name') : '',
              scopes: Object.keys(error.fields).some((k) => k.startsWith('scopes'))
                ? t('tokens.errors.scopes')
                : '',
            });
          else toast.error(t('tokens.errors.failed'));
        },
      },
    );
  };

  const toggle = (scope: IntegrationScope, on: boolean) =>
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));

  return (
    <section aria-labelledby={`${base}-title`} className="admin-integrations__section">
      <h2 id={`${base}-title`}>{t('tokens.title')}</h2>
      <p>{t('tokens.lead')}</p>
      <form onSubmit={submit} noValidate className="admin-integrations__form">
        <label htmlFor={`${base}-name`}>{t('tokens.name')}</label>
        <input
          id={`${base}-name`}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${base}-name-error` : undefined}
        />
        <FieldError id={`${base}-name`} error={errors.name} />
        <fieldset>
          <legend>{t('tokens.scopes')}</legend>
          {INTEGRATION_SCOPES.map((scope) => (
            <label key={scope}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />{' '}
              <code>{scope}</code> — {t(`tokens.scopeHelp.${scope}`)}
            </label>
          ))}
          <FieldError id={`${base}-scopes`} error={errors.scopes} />
        </fieldset>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t('tokens.creating') : t('tokens.create')}
        </button>
      </form>
      {secret ? (
        <SecretOnce
          secret={secret}
          message={t('tokens.secretOnce')}
          testId="token-secret"
          onHide={() => setSecret(null)}
        />
      ) : null}
      <Loaded
        query={tokens}
        failed={t('tokens.errors.load')}
        empty={t('tokens.empty')}
        isEmpty={(data) => data.tokens.length === 0}
      >
        {(data) => (
          <div className="admin-integrations__table-wrap">
            <table>
              <TableHead
                caption={t('tokens.title')}
                columns={['name', 'hint', 'scopes', 'createdAt', 'lastUsed', 'state']}
                label={(c) => t(`tokens.${c}`)}
              />
              <tbody>
                {data.tokens.map((token) => (
                  <tr key={token.id}>
                    <td>{token.name}</td>
                    <td>
                      <code>{token.hint}…</code>
                    </td>
                    <td>{token.scopes.join(', ')}</td>
                    <td>{formatWhen(token.created_at, i18n.language)}</td>
                    <td>{formatWhen(token.last_used_at, i18n.language)}</td>
                    <td>
                      {token.revoked_at ? (
                        t('tokens.revokedAt', { when: formatWhen(token.revoked_at, i18n.language) })
                      ) : (
                        <button
                          type="button"
                          disabled={revoke.isPending}
                          aria-label={t('tokens.revokeNamed', { name: token.name })}
                          onClick={async () => {
                            if (await confirm(t('tokens.confirmRevoke', { name: token.name })))
                              revoke.mutate(token.id, {
                                onSuccess: () => toast.success(t('tokens.revoked')),
                                onError: () => toast.error(t('tokens.errors.failed')),
                              });
                          }}
                        >
                          {t('tokens.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
      {confirmDialog}
    </section>
  );
}
