import { Mailbox } from '@/features/accounts/components/mailbox';

/** /dev/mailbox: the development mailbox (the API does not serve it in production). */
export default function DevMailboxPage() {
  return <Mailbox />;
}
