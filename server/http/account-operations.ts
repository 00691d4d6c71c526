// The account API's operations, declared once: the routes serve them and the OpenAPI document describes them.
import { z } from 'zod';

export const ACCOUNT_PREFIX = '/api/account';
export const SESSION_COOKIE = 'unshell_session';

/** Who may call: anyone; a signed-in session; a signed-in session with its CSRF token (a change made with a cookie). */
export type AccountAuth = 'none' | 'session' | 'session+csrf';

export interface AccountOperation {
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Below ACCOUNT_PREFIX. */
  path: string;
  summary: string;
  description: string;
  auth: AccountAuth;
  /** The JSON body it takes; null for none. */
  body: z.ZodObject | null;
  status: 200 | 202;
  answer: z.ZodType;
}

const Email = z.string().max(254).describe('An e-mail address');
const Password = z.string().max(1024).describe('10 to 256 characters');
const LinkToken = z.string().min(1).max(2048).describe('The token in the fragment of the mailed link (#token=…)');

export const AccountView = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  email_verified: z.boolean(),
});

const Mailed = z.object({
  status: z.literal('mail_sent'),
  message: z.string(),
});

export const ACCOUNT_OPERATIONS = {
  signup: {
    id: 'account_signup',
    method: 'POST',
    path: '/signup',
    summary: 'Create an account',
    description:
      'Mails a link that confirms the address; the account can sign in once it is followed. The answer is the same ' +
      'whether or not the address already has an account (its holder is told by mail instead).',
    auth: 'none',
    body: z.object({ email: Email, password: Password }).strict(),
    status: 202,
    answer: Mailed,
  },
  verify: {
    id: 'account_verify',
    method: 'POST',
    path: '/verify',
    summary: 'Confirm an address',
    description:
      "Confirms the address of the account a confirmation link was mailed to (the web app's /account/verify).",
    auth: 'none',
    body: z.object({ token: LinkToken }).strict(),
    status: 200,
    answer: z.object({ account: AccountView }),
  },
  login: {
    id: 'account_login',
    method: 'POST',
    path: '/login',
    summary: 'Sign in',
    description:
      'Starts a session: an HttpOnly cookie (unshell_session, SameSite=Lax, Secure over https) and the csrf_token that ' +
      'every change made with it must carry as X-CSRF-Token. Five failures for an address, or thirty from one client, ' +
      'in 15 minutes make the next attempt wait (429 with Retry-After).',
    auth: 'none',
    body: z.object({ email: Email, password: Password }).strict(),
    status: 200,
    answer: z.object({ account: AccountView, csrf_token: z.string(), session_expires_at: z.string() }),
  },
  logout: {
    id: 'account_logout',
    method: 'POST',
    path: '/logout',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie.',
    auth: 'session+csrf',
    body: null,
    status: 200,
    answer: z.object({ status: z.literal('signed_out') }),
  },
  account: {
    id: 'account_get',
    method: 'GET',
    path: '',
    summary: 'The signed-in account',
    description: 'The account of the session, and the CSRF token its changes must carry.',
    auth: 'session',
    body: null,
    status: 200,
    answer: z.object({ account: AccountView, csrf_token: z.string() }),
  },
  delete: {
    id: 'account_delete',
    method: 'DELETE',
    path: '',
    summary: 'Delete the account',
    description:
      "With the account's password: its sessions end and its address and password are erased; what it bought is kept, " +
      'under its id, for accounting.',
    auth: 'session+csrf',
    body: z.object({ password: Password }).strict(),
    status: 200,
    answer: z.object({ status: z.literal('deleted'), id: z.string() }),
  },
  passwordReset: {
    id: 'account_password_reset',
    method: 'POST',
    path: '/password-reset',
    summary: 'Ask for a password reset link',
    description:
      'Mails a link that sets a new password (for one hour, once); the same answer whether or not the address has an account.',
    auth: 'none',
    body: z.object({ email: Email }).strict(),
    status: 202,
    answer: Mailed,
  },
  password: {
    id: 'account_password',
    method: 'POST',
    path: '/password',
    summary: 'Set a new password',
    description: 'From a reset link: sets the password, ends every session of the account, and confirms its address.',
    auth: 'none',
    body: z.object({ token: LinkToken, password: Password }).strict(),
    status: 200,
    answer: z.object({ account: AccountView }),
  },
} as const satisfies Record<string, AccountOperation>;
