// A markers catalogue that really pages (Prism always answers page 1).
import { loopbackForTest } from '@svc/test-kit';

export function pagedMarkersServer({ total }: { total: number }) {
  return loopbackForTest((request) => {
    const page = Number(request.query.page ?? '1');
    const size = Number(request.query.size ?? '50');
    const first = (page - 1) * size;
    const markers = Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, index) => ({
      id: first + index + 1,
      name: `marker-${first + index + 1}`,
      lab_id: 3,
    }));
    return { body: { markers, total, page, size } };
  });
}
