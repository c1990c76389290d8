/**
 * The kinds of music the person chooses for "Suggest music" (plan-ai.ts MUSIC_GENRE_OPTIONS):
 * suggestions come only from these kinds (the person's values and beliefs choose among them,
 * shared/ai/music.ts), never from a kind of music they did not choose. A field of the plan (`musicGenres`), saved with Save
 * Changes; the choice is kept in the options' order, so ticking and unticking back is no change.
 */
import type { MusicGenre } from '../../../shared/schema/death-plan';
import { MUSIC_GENRE_OPTIONS } from './plan-ai';
import { useT } from '../../i18n/i18n';
import { usePlanMessages } from './messages';

export function MusicGenresField({ genres, onChange }: { genres: readonly MusicGenre[]; onChange: (next: MusicGenre[]) => void }) {
  usePlanMessages();
  const { t } = useT();
  const toggle = (value: MusicGenre, on: boolean) =>
    onChange(MUSIC_GENRE_OPTIONS.map((o) => o.value).filter((g) => (g === value ? on : genres.includes(g))));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-slate-900">{t('plan.genres.legend')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {MUSIC_GENRE_OPTIONS.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input type="checkbox" className="size-5 accent-slate-800" checked={genres.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            {t(o.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
