import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { formatWhen } from './secret-once';
import { AddSection, Choices, FieldError, LoadedTable, refusedFields } from './section-parts';
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
          const refused = refusedFields(error, {
            name: t('tokens.errors.name'),
            scopes: t('tokens.errors.scopes'),
          });
          if (refused) setErrors(refused);
          else toast.error(t('tokens.errors.failed'));
        },
      },
    );
  };

  return (
    <AddSection
      kind="tokens"
      base={base}
      onSubmit={submit}
      pending={create.isPending}
      secret={secret}
      secretTestId="token-secret"
      onHideSecret={() => setSecret(null)}
      fields={
        <>
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
          <Choices
            id={`${base}-scopes`}
            legend={t('tokens.scopes')}
            choices={INTEGRATION_SCOPES}
            chosen={scopes}
            onChange={setScopes}
            describe={(scope) => t(`tokens.scopeHelp.${scope}`)}
            error={errors.scopes}
          />
        </>
      }
    >
      <LoadedTable
        query={tokens}
        failed={t('tokens.errors.load')}
        empty={t('tokens.empty')}
        isEmpty={(data) => data.tokens.length === 0}
        head={
          <TableHead
            caption={t('tokens.title')}
            columns={['name', 'hint', 'scopes', 'createdAt', 'lastUsed', 'state']}
            label={(c) => t(`tokens.${c}`)}
          />
        }
        rows={(data) =>
          data.tokens.map((token) => (
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
          ))
        }
      />
      {confirmDialog}
    </AddSection>
  );
}
