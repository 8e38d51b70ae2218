import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Pad,
  type PadLanguage,
  padNoteSchema,
  padRunSchema,
  padSchema,
} from '../../../../domain/pads';
import { apiFetch } from '../../../api/http';
import { setAfterReads } from '../../../lib/set-after-reads';

export const padKeys = {
  pad: (id: string) => ['pads', id] as const,
  notes: (id: string) => ['pads', id, 'notes'] as const,
  runs: (id: string) => ['pads', id, 'runs'] as const,
};
const enc = encodeURIComponent;

/** GET /api/pads/{id} */
export const usePad = (id: string) =>
  useQuery({
    queryKey: padKeys.pad(id),
    queryFn: ({ signal }) => apiFetch(`/api/pads/${enc(id)}`, { schema: padSchema, signal }),
  });

/**
 * POST /api/pads: an interview's pad (its open one when there is one). The callbacks are the
 * mutation's own, not mutate()'s: starting the pad publishes `interview.changed`, whose
 * refetch can replace the Start pad button before the answer arrives, and mutate()'s
 * callbacks do not run for an unmounted component (the pad opened, but nobody went there).
 */
export const useStartPad = (then: {
  onSuccess: (pad: Pad) => void;
  onError: (error: Error) => void;
}) =>
  useMutation({
    mutationFn: (
      input: { interviewId: string } & ({ language: PadLanguage } | { templateId: string }),
    ) => apiFetch('/api/pads', { method: 'POST', json: input, schema: padSchema }),
    ...then,
  });

/** POST /api/pads/{id}/end */
export function useEndPad(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/pads/${enc(id)}/end`, { method: 'POST', schema: padSchema }),
    onSuccess: (pad) => setAfterReads(client, padKeys.pad(id), pad),
  });
}

/** POST /api/pads/{id}/runs: the result arrives over the pad's socket. */
export const useRunPad = (id: string) =>
  useMutation({
    mutationFn: () =>
      apiFetch(`/api/pads/${enc(id)}/runs`, { method: 'POST', schema: padRunSchema }),
  });

/** GET /api/pads/{id}/notes (the hiring team only: never asked for on the candidate's side). */
export const usePadNotes = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: padKeys.notes(id),
    enabled,
    queryFn: ({ signal }) =>
      apiFetch(`/api/pads/${enc(id)}/notes`, { schema: z.array(padNoteSchema), signal }),
  });

/** POST /api/pads/{id}/notes */
export function useAddPadNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch(`/api/pads/${enc(id)}/notes`, {
        method: 'POST',
        json: { text },
        schema: padNoteSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: padKeys.notes(id) }),
  });
}
