/**
 * Settings' "This device" card (install.ts): the browser's install prompt behind a button where it
 * is offered, the Share-menu steps on iPhone and iPad, or that the app is installed here.
 */
import { Download } from 'lucide-react';
import { Button } from '../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card';
import { toast } from '../ui/toast-store';
import { isIos, promptInstall, runsInstalled, useInstallStore } from './install';

export function InstallCard() {
  const prompt = useInstallStore((s) => s.prompt);
  const installed = useInstallStore((s) => s.installed) || runsInstalled();
  if (!prompt && !installed && !isIos()) return null;
  const install = async () => {
    const answer = await promptInstall();
    if (answer === 'accepted') toast({ title: 'Afterword is installed', description: 'Open it from your home screen or app list, even without a connection.' });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">This device</CardTitle>
        <CardDescription>Installed, Afterword opens like an app and works without a connection.</CardDescription>
      </CardHeader>
      <CardContent>
        {installed ? (
          <p className="text-slate-800">Afterword is installed on this device.</p>
        ) : prompt ? (
          <Button onClick={() => void install()}>
            <Download aria-hidden="true" />
            Install the app
          </Button>
        ) : (
          <ol className="list-decimal space-y-1 pl-5 text-slate-800">
            <li>In Safari, tap the Share button (a square with an arrow pointing up).</li>
            <li>Choose &ldquo;Add to Home Screen&rdquo;, then &ldquo;Add&rdquo;.</li>
            <li>Open Afterword from its icon on your home screen.</li>
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
