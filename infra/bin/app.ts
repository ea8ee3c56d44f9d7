import { App } from 'aws-cdk-lib'
import { buildApp } from './build-app.ts'

const app = new App()
buildApp(app)
app.synth()
