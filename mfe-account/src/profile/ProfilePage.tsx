import { Card, remoteTestId, useDocumentTitle, useSession } from '@catalyst/web-kit';

/** Profile settings (the accounts helper adds the Update Profile and Change Password forms). */
export default function ProfilePage() {
  useDocumentTitle('Profile Settings');
  const { user } = useSession();
  return (
    <section data-testid={remoteTestId('account')}>
      <h1>Profile Settings</h1>
      <Card>
        <p>
          <strong>Name:</strong> {user?.name}
        </p>
        <p>
          <strong>Email:</strong> {user?.email}
        </p>
      </Card>
    </section>
  );
}
