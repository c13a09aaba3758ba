import { Outlet } from 'react-router';

export function AppLayout() {
  return <Outlet />;
}
