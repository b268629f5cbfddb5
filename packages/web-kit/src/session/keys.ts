// No imports: the shell's early entry reads these before React and web-kit's code have loaded.

/** sessionStorage key of the kept bearer token. */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * sessionStorage key of the kept session's last known role: a hint only (the server decides every
 * call). The shell's early entry uses it to start the admin remote's files beside /auth/me instead of
 * after it; the admin remote itself still renders only once /auth/me confirms the role.
 */
export const ROLE_HINT_STORAGE_KEY = 'role';
