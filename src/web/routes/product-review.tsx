import { Navigate } from 'react-router';

/** Review of freshly generated drafts. With no drafts the spec sends the user to /create. */
export default function ProductReviewRoute() {
  return <Navigate to="/create" replace />;
}
