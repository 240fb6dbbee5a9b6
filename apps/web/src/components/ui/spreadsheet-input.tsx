/** The picker's hint: a CSV (or TXT) or Excel XLSX file, the kinds the catalogue and price imports read. */
const SPREADSHEET_TYPES =
  '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a file is one the imports read, by its name: the picker's hint does not stop a drop. */
export function isSpreadsheetName(name: string): boolean {
  return /\.(csv|txt|xlsx)$/i.test(name);
}

/** A labelled file picker for an import's spreadsheet; `errorId` names the form's error while shown. */
export function SpreadsheetInput({
  id,
  label,
  errorId,
  onChoose,
}: {
  id: string;
  label: string;
  errorId?: string;
  onChoose: (file: File | null) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={SPREADSHEET_TYPES}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        aria-describedby={errorId}
      />
    </>
  );
}
