import { GenericError } from '../components/generic-error';

export default function ErrorPageRoute() {
  return <GenericError />;
}
