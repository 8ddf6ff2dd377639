import { createElement, type HtmlElement, walk } from './html-tree';

/**
 * lxml.html.diff's `fixup_ins_del_tags`: an `<ins>`/`<del>` around block-level elements is
 * pushed inside them (`<ins><p>word</p></ins>` becomes `<p><ins>word</ins></p>`).
 */

const BLOCK_TAGS = new Set([
  ...['address', 'blockquote', 'center', 'dir', 'div', 'dl', 'fieldset', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'isindex', 'menu', 'noframes', 'noscript', 'ol', 'p', 'pre', 'table', 'ul'],
  ...['dd', 'dt', 'frameset', 'li', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr'],
]);

function containsBlock(element: HtmlElement): boolean {
  return BLOCK_TAGS.has(element.tag) || element.children.some(containsBlock);
}

/** Wraps the inline parts of `element` in `tag`, descending into its block-level children. */
function moveInsideBlocks(element: HtmlElement, tag: string): void {
  if (!element.children.some(containsBlock)) {
    const wrapper = createElement(tag);
    wrapper.text = element.text;
    wrapper.children = element.children;
    element.text = '';
    element.children = [wrapper];
    return;
  }
  const children: HtmlElement[] = [];
  for (const child of element.children) {
    if (containsBlock(child)) {
      moveInsideBlocks(child, tag);
      children.push(child);
      if (child.tail !== '') {
        const tailWrapper = createElement(tag);
        tailWrapper.text = child.tail;
        child.tail = '';
        children.push(tailWrapper);
      }
    } else {
      // The child moves into the wrapper with its tail.
      const wrapper = createElement(tag);
      wrapper.children = [child];
      children.push(wrapper);
    }
  }
  if (element.text !== '') {
    const textWrapper = createElement(tag);
    textWrapper.text = element.text;
    element.text = '';
    children.unshift(textWrapper);
  }
  element.children = children;
}

/** lxml's `drop_tag`: the element's text, children and tail take its place in its parent. */
function dropTag(parent: HtmlElement, element: HtmlElement): void {
  const index = parent.children.indexOf(element);
  const previous = parent.children[index - 1];
  const addBefore = (text: string) => {
    if (previous) previous.tail += text;
    else parent.text += text;
  };
  addBefore(element.text);
  const last = element.children[element.children.length - 1];
  if (last) last.tail += element.tail;
  else addBefore(element.tail);
  parent.children.splice(index, 1, ...element.children);
}

function parentOf(root: HtmlElement, target: HtmlElement): HtmlElement | undefined {
  for (const element of walk(root)) if (element.children.includes(target)) return element;
  return undefined;
}

/**
 * Applies the fix to the tree in place.
 *
 * @example
 * import { parseFragment } from './html-parse';
 * fixupInsDel(parseFragment('<ins><p>word</p></ins>')); // <div><p><ins>word</ins></p></div>
 */
export function fixupInsDel(root: HtmlElement): void {
  for (const tag of ['ins', 'del']) {
    const found = [...walk(root)].filter((element) => element.tag === tag);
    for (const element of found) {
      if (!containsBlock(element)) continue;
      moveInsideBlocks(element, tag);
      const parent = parentOf(root, element);
      if (parent) dropTag(parent, element);
    }
  }
}
