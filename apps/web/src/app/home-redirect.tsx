import { Navigate } from 'react-router';
import { homePath, useSession } from '../lib/session.tsx';

/** '/' for a signed-in user: companies for an administrator, the selected company's page for anyone else. */
export function HomeRedirect() {
  const { me } = useSession();
  return <Navigate to={homePath(me)} replace />;
}
