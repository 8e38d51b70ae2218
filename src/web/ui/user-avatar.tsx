import '@mantine/core/styles/Avatar.css';
import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../../domain/roles';

type UserAvatarProps = Omit<AvatarProps, 'src' | 'name' | 'children'> & {
  name: string | null | undefined;
  image: string | null | undefined;
};

/** The user's photo, or at most two initials when there is none or it fails to load. */
export function UserAvatar({ name, image, ...props }: UserAvatarProps) {
  const label = name?.trim() || 'User';
  return (
    <Avatar src={image || null} alt={label} color="indigo" variant="filled" {...props}>
      {initials(label)}
    </Avatar>
  );
}
