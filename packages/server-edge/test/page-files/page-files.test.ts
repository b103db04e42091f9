import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFiles, withToken } from '../../src/page-files.js';

describe('the files of a console page', () => {
  it("takes the page's own files from its folder and uPlot's through the serving package's resolve", () => {
    const resolved: string[] = [];
    const files = pageFiles('/pkg/console', (id) => {
      resolved.push(id);
      return `/pkg/node_modules/${id}`;
    });
    expect(files['index.html']).toEqual({
      path: join('/pkg/console', 'index.html'),
      type: 'text/html; charset=utf-8',
    });
    expect(files['console.css'].path).toBe(join('/pkg/console', 'console.css'));
    expect(files['uplot.js']).toEqual({
      path: '/pkg/node_modules/uplot/dist/uPlot.iife.min.js',
      type: 'text/javascript; charset=utf-8',
    });
    expect(resolved).toEqual(['uplot/dist/uPlot.iife.min.js', 'uplot/dist/uPlot.min.css']);
  });

  it("writes the page's token where its index.html asks for it", () => {
    expect(withToken('<meta name="console-token" content="{{token}}" />', 'abc')).toBe(
      '<meta name="console-token" content="abc" />',
    );
  });
});
