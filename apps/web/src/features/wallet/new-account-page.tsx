import { Navigate } from 'react-router-dom';

/** `/new_account`: the asset shell's own address opens its first page. */
export default function NewAccountPage() {
  return <Navigate to="/finance" replace />;
}
