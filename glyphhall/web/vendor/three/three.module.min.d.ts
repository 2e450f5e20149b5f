// three.js ships no type declarations of its own. The 3D view uses it loosely typed (each name
// it uses is declared here as any), so that tsc checks the view's own code, not the vendored,
// minified library. A name the view starts to use is added here.
export declare const BoxGeometry: any;
export declare const BufferGeometry: any;
export declare const CanvasTexture: any;
export declare const Color: any;
export declare const CylinderGeometry: any;
export declare const DirectionalLight: any;
export declare const DoubleSide: any;
export declare const Group: any;
export declare const HemisphereLight: any;
export declare const InstancedMesh: any;
export declare const Quaternion: any;
export declare const Line: any;
export declare const LineBasicMaterial: any;
export declare const LineDashedMaterial: any;
export declare const Matrix4: any;
export declare const Mesh: any;
export declare const MeshBasicMaterial: any;
export declare const MeshLambertMaterial: any;
export declare const PerspectiveCamera: any;
export declare const Raycaster: any;
export declare const RingGeometry: any;
export declare const SRGBColorSpace: any;
export declare const Scene: any;
export declare const SphereGeometry: any;
export declare const Sprite: any;
export declare const SpriteMaterial: any;
export declare const TorusGeometry: any;
export declare const Vector2: any;
export declare const Vector3: any;
export declare const WebGLRenderer: any;
