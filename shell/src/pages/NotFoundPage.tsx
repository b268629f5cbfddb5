import { NotFound } from '@catalyst/web-kit';

export default function NotFoundPage() {
  return <NotFound />;
}
