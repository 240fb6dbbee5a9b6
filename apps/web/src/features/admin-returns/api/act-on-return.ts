import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReturnResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminReturnsKeys } from './keys';

export type ReturnAction =
  | { id: number; kind: 'authorise' | 'refuse'; note: string }
  | { id: number; kind: 'receive'; restock: boolean };

/** POST /api/admin/returns/:id/(authorise|refuse|receive); refreshes the desk. */
export function useActOnReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReturnAction) =>
      api.post<AdminReturnResponse>(
        `/admin/returns/${action.id}/${action.kind}`,
        action.kind === 'receive'
          ? { restock: action.restock }
          : action.note.trim()
            ? { note: action.note }
            : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReturnsKeys.all }),
  });
}
