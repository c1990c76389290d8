/**
 * The Share dialog's choice for a document that has a file (review M1; docs/sharing.md "The file of
 * a shared document"): the file goes with the document's shares only when the owner says so here.
 * The choice is the document's sealed `fileShared` (shared/schema/document.ts), so it holds for
 * everyone the document is shared with; a new share starts with the box checked.
 */
import { t } from '../../i18n/i18n';
import './messages'; // the 'sharing' words it says

/** What the dialog says of `fileName` for the person called `who` ('' while no name is written yet). */
export const fileChoiceText = (fileName: string, who: string, withFile: boolean): string =>
  t(withFile ? 'sharing.file.with' : 'sharing.file.without', { fileName, who: who || t('sharing.file.someone') });

/** Said under the choice: it is the document's, not one link's. */
export const fileChoiceScopeText = () => t('sharing.file.scope');

/** The checkbox "Share its file too" for file `fileName`, for the person called `who`. */
export function ShareFileChoice({ fileName, who, checked, onChange }: { fileName: string; who: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex items-start gap-2 font-medium text-slate-900">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-slate-800" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby="share-file-choice-words" />
        {t('sharing.file.label')}
      </label>
      <p id="share-file-choice-words" className="text-slate-700">
        {fileChoiceText(fileName, who, checked)} {fileChoiceScopeText()}
      </p>
    </div>
  );
}
