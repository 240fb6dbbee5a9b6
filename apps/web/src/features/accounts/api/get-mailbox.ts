import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailDetailDto, MailSummaryDto } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { accountsKeys } from './keys';

type ListAnswer = { status: true; data: MailSummaryDto[] };
type DetailAnswer = { status: true; data: MailDetailDto };

/** GET /api/dev/mailbox: the outbox, newest first (development only). */
export const getMailbox = () => api.get<ListAnswer>('/dev/mailbox');
export const getMailboxMail = (id: number) => api.get<DetailAnswer>(`/dev/mailbox/${id}`);

export const mailboxQuery = () =>
  queryOptions({
    queryKey: accountsKeys.key('mailbox'),
    queryFn: getMailbox,
    staleTime: 0,
    retry: false,
  });
export const mailboxMailQuery = (id: number) =>
  queryOptions({
    queryKey: accountsKeys.key('mailbox', id),
    queryFn: () => getMailboxMail(id),
    retry: false,
  });

export const useMailbox = () => useQuery({ ...mailboxQuery(), refetchInterval: 5000 });
export const useMailboxMail = (id: number) => useQuery(mailboxMailQuery(id));
