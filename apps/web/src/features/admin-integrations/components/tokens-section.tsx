import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { StaffTextFields } from '@/components/ui/form-field';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { useFormatWhen } from './secret-once';
import { AddSection, Choices, LoadedTable, toasted, useAddForm } from './section-parts';
import { TableHead } from '@/components/ui/table-head';

/** Integration tokens: create (secret shown once), list with last use, revoke. */
export function TokensSection() {
  const { t } = useTranslation('admin-integrations');
  const formatWhen = useFormatWhen();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [confirm, confirmDialog] = useConfirm();
  const [scopes, setScopes] = useState<IntegrationScope[]>(['catalogue:write']);
  const add = useAddForm({
    kind: 'tokens',
    initial: { name: '' },
    create,
    refusable: { name: t('tokens.errors.name'), scopes: t('tokens.errors.scopes') },
    send: (values) => ({ body: { ...values, scopes }, secret: (created) => created.secret }),
  });
  const { form } = add;
  const { base, errors } = form;

  return (
    <AddSection
      add={add}
      secretTestId="token-secret"
      fields={
        <>
          <StaffTextFields
            form={form}
            className="admin-integrations__field"
            fields={[{ name: 'name', label: 'name', maxLength: 100 }]}
            text={(key) => t(`tokens.${key}`)}
          />
          <Choices
            id={`${base}-scopes`}
            legend={t('tokens.scopes')}
            choices={INTEGRATION_SCOPES}
            chosen={scopes}
            onChange={setScopes}
            // A scope holds a colon, which i18next reads as a namespace: "catalogue:write" printed
            // "write" in every language until the colon was taken as part of the key.
            describe={(scope) => t(`tokens.scopeHelp.${scope}`, { nsSeparator: false })}
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
              <td>{formatWhen(token.created_at)}</td>
              <td>{formatWhen(token.last_used_at)}</td>
              <td>
                {token.revoked_at ? (
                  t('tokens.revokedAt', { when: formatWhen(token.revoked_at) })
                ) : (
                  <button
                    type="button"
                    disabled={revoke.isPending}
                    aria-label={t('tokens.revokeNamed', { name: token.name })}
                    onClick={async () => {
                      if (await confirm(t('tokens.confirmRevoke', { name: token.name })))
                        revoke.mutate(
                          token.id,
                          toasted(t('tokens.revoked'), t('tokens.errors.failed')),
                        );
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
