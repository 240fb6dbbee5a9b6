import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { useConfirm } from './confirm-dialog';

/** A button that asks before doing its thing, and shows the answer. */
function Asker({ confirmLabel }: { confirmLabel?: string }) {
  const [confirm, confirmDialog] = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () => setAnswer(String(await confirm('Delete it?', { confirmLabel })))}
      >
        Delete
      </button>
      <output>{answer}</output>
      {confirmDialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks in an alert dialog with Cancel focused; confirming answers true and gives focus back', async () => {
    await setLanguage('');
    renderWithProviders(<Asker />);
    const trigger = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete it?' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('true');
    expect(trigger).toHaveFocus();
  });

  it('answers false on Cancel and on Escape', async () => {
    await setLanguage('');
    renderWithProviders(<Asker />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('false');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('false');
  });

  it('names its buttons in the interface language, or with the caller’s label', async () => {
    await setLanguage('fr');
    renderWithProviders(<Asker confirmLabel="Supprimer" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    await setLanguage('');
  });
});
