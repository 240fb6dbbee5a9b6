import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductName } from './product-name';

function rendered(html: string, as?: 'h1') {
  const { container } = render(<ProductName html={html} as={as} className="name" />);
  return container.querySelector('.name')!;
}

describe('ProductName', () => {
  it('keeps the allow-listed tags of a name', () => {
    const name = rendered('Wooden <b>button</b> <i>x</i><br>12<sup>mm</sup>');
    expect(name.innerHTML).toBe('Wooden <b>button</b> <i>x</i><br>12<sup>mm</sup>');
  });

  it('drops every attribute, even on allowed tags', () => {
    const name = rendered('<span style="color:red" onclick="alert(1)" class="x">Red</span> thread');
    expect(name.innerHTML).toBe('<span>Red</span> thread');
  });

  it('keeps the text of other tags and drops scripts and styles with their content', () => {
    const name = rendered(
      '<a href="javascript:alert(1)">Snap</a><script>window.__pwned=1</script><style>*{}</style>' +
        '<img src=x onerror="window.__pwned=2"><svg><text>svg</text></svg> <div>fastener</div>',
    );
    expect(name.innerHTML).toBe('Snap fastener');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('decodes entities and shows markup-looking text as text', () => {
    expect(rendered('Needles &amp; pins').textContent).toBe('Needles & pins');
    expect(rendered('Size &lt;b&gt;').innerHTML).toBe('Size &lt;b&gt;');
    expect(rendered('Plain name').innerHTML).toBe('Plain name');
  });

  it('renders as the heading it is asked for', () => {
    expect(rendered('<em>Lace</em>', 'h1').tagName).toBe('H1');
  });
});
