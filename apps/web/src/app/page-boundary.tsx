import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  pathname: string;
  children: ReactNode;
}

/** Around the page: if its chunk cannot load or it throws, the route error, until the next page. */
export class PageBoundary extends Component<Props, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
