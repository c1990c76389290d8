/**
 * The kinds of music the person chooses for "Suggest music" (plan-ai.ts MUSIC_GENRE_OPTIONS):
 * suggestions come only from these, the person's values and their beliefs as written, never from
 * a kind of music they did not choose.
 */
import { MUSIC_GENRE_OPTIONS } from './plan-ai';

export function MusicGenresField({ genres, onChange }: { genres: string[]; onChange: (next: string[]) => void }) {
  const toggle = (value: string, on: boolean) => onChange(on ? [...genres, value] : genres.filter((g) => g !== value));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-slate-900">Kinds of music you love</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {MUSIC_GENRE_OPTIONS.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input type="checkbox" className="size-5 accent-slate-800" checked={genres.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
