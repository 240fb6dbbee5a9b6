import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEndpointDto, type WebhookEvent } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { StaffTextFields } from '@/components/ui/form-field';
import { Loaded } from '@/components/ui/loaded';
import { useCreateWebhook, useWebhookAction, type WebhookAction } from '../api/change-webhook';
import { useWebhookDeliveries, useWebhooks } from '../api/get-webhooks';
import { useFormatWhen } from './secret-once';
import { AddSection, Choices, LoadedTable, toasted, useAddForm } from './section-parts';
import { TableHead } from '@/components/ui/table-head';

const URL_FIELD = {
  name: 'url',
  label: 'url',
  type: 'url',
  inputMode: 'url',
  maxLength: 500,
  placeholder: 'https://erp.example.com/hooks/store',
} as const;
const SECRET_FIELD = {
  name: 'secret',
  label: 'secret',
  hint: 'secretHint',
  maxLength: 200,
  autoComplete: 'off',
} as const;

/** A signing secret for staff who leave the field empty: 32 random bytes, hex. */
function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The endpoint's latest deliveries with their attempts and a "redeliver" button each. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const { t } = useTranslation('admin-integrations');
  const formatWhen = useFormatWhen();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const action = useWebhookAction();
  return (
    <LoadedTable
      query={deliveries}
      failed={t('webhooks.errors.load')}
      empty={t('webhooks.noDeliveries')}
      isEmpty={(data) => data.deliveries.length === 0}
      head={
        <TableHead
          caption={t('webhooks.deliveriesOf', { url: endpoint.url })}
          captionShown
          columns={['event', 'queued', 'state', 'attempts', 'lastAttempt', 'redeliver']}
          label={(c) => t(`webhooks.${c}`)}
          hidden={['redeliver']}
        />
      }
      rows={(data) =>
        data.deliveries.map((d) => {
          const last = d.log.at(-1);
          return (
            <tr key={d.id}>
              <td>
                <code>{d.event}</code>
              </td>
              <td>{formatWhen(d.created_at)}</td>
              <td>{t(`webhooks.deliveryStatus.${d.status}`, { defaultValue: d.status })}</td>
              <td>{d.attempts}</td>
              <td>
                {last
                  ? `${formatWhen(last.at)} · ${last.status_code ?? last.error ?? '—'} · ${last.duration_ms} ms`
                  : '—'}
              </td>
              <td>
                <button
                  type="button"
                  disabled={action.isPending}
                  onClick={() =>
                    action.mutate(
                      { kind: 'redeliver', id: d.id },
                      toasted(t('webhooks.redelivered'), t('webhooks.errors.failed')),
                    )
                  }
                >
                  {t('webhooks.redeliver')}
                </button>
              </td>
            </tr>
          );
        })
      }
    />
  );
}

/**
 * Outgoing webhooks: register an endpoint (its secret shown once), see each endpoint's state and
 * why it is paused, its deliveries and attempts, redeliver, resume, delete
 * (docs/product/back-office-orders.md "Webhooks").
 */
export function WebhooksSection() {
  const { t } = useTranslation('admin-integrations');
  const formatWhen = useFormatWhen();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const action = useWebhookAction();
  const [confirm, confirmDialog] = useConfirm();
  const [events, setEvents] = useState<WebhookEvent[]>(['order.placed', 'order.status_changed']);
  const [open, setOpen] = useState<number | null>(null);
  const add = useAddForm({
    kind: 'webhooks',
    initial: { url: '', secret: '' },
    create,
    refusable: {
      url: t('webhooks.errors.url'),
      events: t('webhooks.errors.events'),
      secret: t('webhooks.errors.secret'),
    },
    send: (values) => {
      const signing = values.secret || generateSecret();
      return { body: { url: values.url, events, secret: signing }, secret: () => signing };
    },
  });
  const { form } = add;
  const { base, errors } = form;

  const run = (
    act: WebhookAction,
    done: 'webhooks.resumed' | 'webhooks.pausedDone' | 'webhooks.deleted',
  ) => action.mutate(act, toasted(t(done), t('webhooks.errors.failed')));

  return (
    <AddSection
      add={add}
      secretTestId="webhook-secret"
      fields={
        <>
          <StaffTextFields
            form={form}
            className="admin-integrations__field"
            fields={[URL_FIELD]}
            text={(key) => t(`webhooks.${key}`)}
          />
          <Choices
            id={`${base}-events`}
            legend={t('webhooks.events')}
            choices={WEBHOOK_EVENTS}
            chosen={events}
            onChange={setEvents}
            error={errors.events}
          />
          <StaffTextFields
            form={form}
            className="admin-integrations__field"
            fields={[SECRET_FIELD]}
            text={(key) => t(`webhooks.${key}`)}
          />
        </>
      }
    >
      <Loaded
        query={webhooks}
        failed={t('webhooks.errors.load')}
        empty={t('webhooks.empty')}
        isEmpty={(data) => data.endpoints.length === 0}
      >
        {(data) => (
          <ul className="admin-integrations__endpoints">
            {data.endpoints.map((e) => (
              <li key={e.id}>
                <p>
                  <strong>{e.url}</strong> — {e.events.join(', ')}
                </p>
                <p>
                  {e.status === 'paused'
                    ? t('webhooks.paused', { reason: e.paused_reason ?? '—' })
                    : t('webhooks.active')}
                  {e.failing_since
                    ? ` · ${t('webhooks.failingSince', { when: formatWhen(e.failing_since) })}`
                    : ''}
                </p>
                <div className="admin-integrations__actions">
                  <button
                    type="button"
                    aria-expanded={open === e.id}
                    onClick={() => setOpen(open === e.id ? null : e.id)}
                  >
                    {t('webhooks.showDeliveries')}
                  </button>
                  <button
                    type="button"
                    disabled={action.isPending}
                    onClick={() =>
                      run(
                        { kind: e.status === 'paused' ? 'resume' : 'pause', id: e.id },
                        e.status === 'paused' ? 'webhooks.resumed' : 'webhooks.pausedDone',
                      )
                    }
                  >
                    {e.status === 'paused' ? t('webhooks.resume') : t('webhooks.pause')}
                  </button>
                  <button
                    type="button"
                    disabled={action.isPending}
                    aria-label={t('webhooks.deleteNamed', { url: e.url })}
                    onClick={async () => {
                      if (await confirm(t('webhooks.confirmDelete', { url: e.url })))
                        run({ kind: 'delete', id: e.id }, 'webhooks.deleted');
                    }}
                  >
                    {t('webhooks.delete')}
                  </button>
                </div>
                {open === e.id ? <Deliveries endpoint={e} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {confirmDialog}
    </AddSection>
  );
}
