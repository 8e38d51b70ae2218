import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../domain/constants';
import { MAX_BAN_REASON, type ManagedUser } from '../../../../domain/users';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { useDeactivate, useSetRole } from '../api/users';

type ModalProps = { user: ManagedUser | null; onClose: () => void };

/** Change Role: the three roles, the current one chosen; the server keeps one admin. */
export function ChangeRoleModal({ user, onClose }: ModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('modal.changeRoleTitle')}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      {user ? <ChangeRoleForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function ChangeRoleForm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const setUserRole = useSetRole();
  const { t } = useTranslation('users');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setUserRole.mutate(
          { id: user.id, role },
          {
            onSuccess: (saved) => {
              notifySuccess(
                t('modal.roleChanged'),
                t('modal.roleChangedText', {
                  name: saved.name,
                  role: t(`common:roles.${saved.role}`),
                }),
              );
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          <strong>{user.name}</strong> ({user.email})
        </Text>
        <Text size="sm">{t('modal.changeRoleIntro')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="role-choice-label">
            {t('role')}
          </Text>
          <SegmentedControl
            aria-labelledby="role-choice-label"
            value={role}
            onChange={(v) => setRole(v as Role)}
            data={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
            fullWidth
          />
        </Stack>
        {setUserRole.isError ? <FormError>{errorMessage(setUserRole.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={setUserRole.isPending}>
            {t('modal.cancel')}
          </Button>
          <Button type="submit" loading={setUserRole.isPending} disabled={role === user.role}>
            {t('modal.saveRole')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Deactivate: a reason is required; the user is signed out everywhere and cannot sign in. */
export function DeactivateModal({ user, onClose }: ModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('modal.deactivateTitle')}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      {user ? <DeactivateForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function DeactivateForm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deactivate = useDeactivate();
  const { t } = useTranslation('users');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) {
          setError(t('modal.giveReason'));
          return;
        }
        deactivate.mutate(
          { id: user.id, reason },
          {
            onSuccess: (saved) => {
              notifySuccess(
                t('modal.deactivated'),
                t('modal.deactivatedText', { name: saved.name }),
              );
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          <strong>{user.name}</strong> ({user.email})
        </Text>
        <Text size="sm">{t('modal.deactivateIntro')}</Text>
        <Textarea
          label={t('modal.reason')}
          description={t('modal.reasonHint')}
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
            {t('modal.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={deactivate.isPending}>
            {t('menu.deactivate')}
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
  const { t } = useTranslation('users');
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={confirmation !== null}
      onClose={close}
      title={confirmation?.title}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      {confirmation ? (
        <Stack gap="md">
          <Text size="sm">{confirmation.body}</Text>
          {error ? <FormError>{error}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('modal.cancel')}
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
