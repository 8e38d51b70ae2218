import { Button, Group, Text } from '@mantine/core';
import { useId } from 'react';

type ToggleGroupProps<V extends string> = {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** Show the label before the buttons (otherwise it is only announced). */
  showLabel?: boolean;
};

/** A row of pressed/unpressed buttons: one choice at a time, announced as a group. */
export function ToggleGroup<V extends string>({
  label,
  options,
  value,
  onChange,
  showLabel = false,
}: ToggleGroupProps<V>) {
  const labelId = useId();
  return (
    <Group gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} hidden={!showLabel}>
        {label}:
      </Text>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.value}
            size="compact-sm"
            radius="xl"
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}
