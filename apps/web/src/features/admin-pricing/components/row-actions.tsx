import { SecondaryButton } from '@/components/ui/buttons';

/**
 * The ✎ and ✕ buttons at the end of a price screen's table row: edit opens the row's form,
 * remove asks first (`confirm` from the screen's `useConfirm`) and only then calls `onRemove`.
 */
export function EditRemoveActions({
  editLabel,
  onEdit,
  removeLabel,
  question,
  confirm,
  onRemove,
  pending,
}: {
  editLabel: string;
  onEdit: () => void;
  removeLabel: string;
  question: string;
  confirm: (message: string) => Promise<boolean>;
  onRemove: () => void;
  pending: boolean;
}) {
  return (
    <div className="pricing__actions">
      <SecondaryButton aria-label={editLabel} onClick={onEdit}>
        ✎
      </SecondaryButton>
      <SecondaryButton
        disabled={pending}
        aria-label={removeLabel}
        onClick={async () => {
          if (await confirm(question)) onRemove();
        }}
      >
        ✕
      </SecondaryButton>
    </div>
  );
}
