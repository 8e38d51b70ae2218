import { Button } from '@mantine/core';
import { GoogleIcon } from '../../../ui/icons';

type GoogleButtonProps = { label: string; loading: boolean; onClick: () => void };

export function GoogleButton({ label, loading, onClick }: GoogleButtonProps) {
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<GoogleIcon />}
      loading={loading}
      onClick={onClick}
      type="button"
    >
      {label}
    </Button>
  );
}
