/** The user object of SPEC.md §7 (`GET /api/user/profile`, login, register): account + profile record. */
import type { User } from '../../shared/schema';
import type { UserRow } from '../db/accounts';
import type { Services } from '../services';

export async function userJson(services: Services, row: UserRow): Promise<User> {
  const profile = await services.records.get(row.id, 'profile', row.id);
  const { id: _id, ...fields } = profile ?? ({} as Record<string, unknown>);
  return { ...(fields as Omit<User, 'id' | 'username' | 'createdAt'>), id: row.id, username: row.username, createdAt: row.created_at };
}
