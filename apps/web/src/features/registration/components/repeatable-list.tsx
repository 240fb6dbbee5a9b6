import { useCallback, useState, type ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** docs/product/registration.md: form animations take 0.3 s. */
export const LIST_ANIMATION_MS = 300;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Officers and trade references (docs/product/registration.md): append a blank entry; remove any entry but the first
 * (which has no remove button). Entries slide in and out over 0.3 s; with reduced motion they
 * appear and disappear at once. Removing moves focus to the add button so keyboard users keep their place.
 */
export function RepeatableList<T extends Record<string, string>>({
  name,
  blank,
  itemLabel,
  addLabel,
  removeLabel,
  renderItem,
}: {
  name: 'officers' | 'trade';
  blank: T;
  itemLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  renderItem: (index: number) => ReactNode;
}) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const { t } = useTranslation('registration');
  const [leaving, setLeaving] = useState<Set<string>>(() => new Set());
  const addId = `add-${name}`;

  const removeEntry = useCallback(
    (id: string) => {
      const finish = () => {
        setLeaving((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
        const index = fields.findIndex((f) => f.id === id);
        if (index > 0) remove(index);
        document.getElementById(addId)?.focus();
      };
      if (prefersReducedMotion()) return finish();
      setLeaving((s) => new Set(s).add(id));
      window.setTimeout(finish, LIST_ANIMATION_MS);
    },
    [fields, remove, addId],
  );

  return (
    <div className="repeatable-list">
      <ol className="repeatable-list__items">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className={`repeatable-list__item${leaving.has(field.id) ? ' is-leaving' : ''}`}
            aria-label={itemLabel(index + 1)}
          >
            <div className="repeatable-list__head">
              <h4>{itemLabel(index + 1)}</h4>
              {index > 0 && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => removeEntry(field.id)}
                  aria-label={removeLabel(index + 1)}
                  disabled={leaving.has(field.id)}
                >
                  {t('lists.remove')}
                </button>
              )}
            </div>
            <div className="form-grid">{renderItem(index)}</div>
          </li>
        ))}
      </ol>
      <button
        id={addId}
        type="button"
        className="button button--secondary"
        onClick={() => append({ ...blank }, { shouldFocus: true })}
      >
        + {addLabel}
      </button>
    </div>
  );
}
