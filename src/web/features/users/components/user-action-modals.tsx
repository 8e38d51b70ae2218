import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ROLES, type Role } from '../../../../domain/constants';
import { roleLabel } from '../../../../domain/roles';
import { MAX_BAN_REASON, type ManagedUser, USER_ADMIN_TEXTS } from '../../../../domain/users';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useDeactivate, useSetRole } from '../api/users';

type ModalProps = { user: ManagedUser | null; onClose: () => void };

/** Change Role: the three roles, the current one chosen; the server keeps one admin. */
export function ChangeRoleModal({ user, onClose }: ModalProps) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="Change Role"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user ? <ChangeRoleForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function ChangeRoleForm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const setUserRole = useSetRole();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setUserRole.mutate(
          { id: user.id, role },
          {
            onSuccess: (saved) => {
              notifySuccess('Role changed', `${saved.name} is now ${roleLabel(saved.role)}.`);
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Choose the role of <strong>{user.name}</strong> ({user.email}). It takes effect on their
          next request.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="role-choice-label">
            Role
          </Text>
          <SegmentedControl
            aria-labelledby="role-choice-label"
            value={role}
            onChange={(v) => setRole(v as Role)}
            data={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
            fullWidth
          />
        </Stack>
        {setUserRole.isError ? <FormError>{errorMessage(setUserRole.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={setUserRole.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={setUserRole.isPending} disabled={role === user.role}>
            Save Role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Deactivate: a reason is required; the user is signed out everywhere and cannot sign in. */
export function DeactivateModal({ user, onClose }: ModalProps) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="Deactivate User"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user ? <DeactivateForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function DeactivateForm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deactivate = useDeactivate();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) {
          setError(USER_ADMIN_TEXTS.giveReason);
          return;
        }
        deactivate.mutate(
          { id: user.id, reason },
          {
            onSuccess: (saved) => {
              notifySuccess('User deactivated', `${saved.name} can no longer sign in.`);
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          <strong>{user.name}</strong> ({user.email}) will be signed out everywhere and will not be
          able to sign in until you reactivate the account.
        </Text>
        <Textarea
          label="Reason"
          description="Kept with the account; the user is not shown it."
          required
          autosize
          minRows={2}
          maxLength={MAX_BAN_REASON}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
        />
        {deactivate.isError ? <FormError>{errorMessage(deactivate.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={deactivate.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={deactivate.isPending}>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type Confirmation = {
  title: string;
  body: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
  done: string;
};

/** A yes/no for the quick actions (reactivate, sign out everywhere, password reset). */
export function ConfirmModal({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={confirmation !== null}
      onClose={close}
      title={confirmation?.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {confirmation ? (
        <Stack gap="md">
          <Text size="sm">{confirmation.body}</Text>
          {error ? <FormError>{error}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button
              loading={pending}
              onClick={async () => {
                setPending(true);
                try {
                  await confirmation.run();
                  notifySuccess(confirmation.title, confirmation.done);
                  close();
                } catch (e) {
                  setError(errorMessage(e));
                } finally {
                  setPending(false);
                }
              }}
            >
              {confirmation.confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
