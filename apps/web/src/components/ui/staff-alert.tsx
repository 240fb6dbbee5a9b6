import type { ReactNode } from 'react';
import './admin-people.css';

/** What failed on a staff page (a load, a save), read out at once, in the staff error style. */
export function StaffAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="admin-people__error">
      {children}
    </p>
  );
}
