/**
 * Settings' entry to "Rehearse the release" (web/features/rehearsal/): see what each recipient and
 * trustee would receive, without anything being sent.
 */
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../ui/button-classes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';

export function RehearsalCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Rehearse the release</CardTitle>
        <CardDescription>See exactly what each person you wrote to and each trustee would receive: their e-mail and their page. Nothing is sent.</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/settings/rehearsal" className={buttonClasses('outline')}>
          Rehearse the release
        </Link>
      </CardContent>
    </Card>
  );
}
