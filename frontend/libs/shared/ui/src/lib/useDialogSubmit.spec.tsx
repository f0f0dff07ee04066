import { act, renderHook } from '@testing-library/react';
import { useDialogSubmit } from './useDialogSubmit';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useDialogSubmit', () => {
  it('is busy while sending and closes the dialog once sent', async () => {
    const onClose = vi.fn();
    const { result } = renderHook(() => useDialogSubmit(onClose, 'Try again.'));
    const d = deferred();
    let done!: Promise<void>;
    act(() => {
      done = result.current.run(() => d.promise);
    });
    expect(result.current.busy).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      d.resolve();
      await done;
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("stays open with the server's message, or the fallback when it has none, and clears it on the next try", async () => {
    const onClose = vi.fn();
    const { result } = renderHook(() => useDialogSubmit(onClose, 'Try again.'));
    await act(() => result.current.run(() => Promise.reject(new Error('Meera is not free then.'))));
    expect(result.current.error).toBe('Meera is not free then.');
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run(() => Promise.reject(new Error(''))));
    expect(result.current.error).toBe('Try again.');
    const d = deferred();
    act(() => {
      void result.current.run(() => d.promise);
    });
    expect(result.current.error).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
