// No imports: the shell's early entry reads these before React and web-kit's code have loaded.

/** sessionStorage key of the kept bearer token. */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * sessionStorage key of the kept session's last known role: a hint only (the server decides every
 * call). The shell's early entry uses it to start the admin remote's files beside /auth/me instead of
 * after it; the admin remote itself still renders only once /auth/me confirms the role.
 */
export const ROLE_HINT_STORAGE_KEY = 'role';

/**
 * localStorage key saying this browser holds a remembered sign-in (its HttpOnly cookie, which no script
 * can read): a new tab without a token then asks POST /auth/refresh for one. Never a credential.
 */
export const REMEMBERED_STORAGE_KEY = 'catalyst-remembered';

/** The BroadcastChannel every tab of the app hears sign-ins and sign-outs on. */
export const SESSION_CHANNEL = 'catalyst-session';
