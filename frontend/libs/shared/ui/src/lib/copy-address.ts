import { toast } from './Toast';

/**
 * Copies a calendar feed's address to the clipboard and says so; where the browser refuses (no
 * permission, no secure context), says how to copy it by hand. The user's feed and a team
 * member's share it.
 */
export async function copyAddress(address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address);
    toast.success('Calendar address copied');
  } catch {
    toast.error('Could not copy: select the address and copy it');
  }
}
